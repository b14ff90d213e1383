export {
  capInvocation,
  capPermissionMode,
  ceilingRaises,
  DEFAULT_CEILING,
  PERMISSION_CEILINGS,
  PERMISSION_LADDER,
} from "./ceiling.js";
export {
  checkQueueFlags,
  type QueueRunFlags,
  queueUrlOf,
  splitRate,
} from "./check-queue-flags.js";
export {
  type Checkout,
  type Checkouts,
  createCheckouts,
  type LocalRepository,
  localRepository,
  repoLabel,
  resolveRepoSpec,
} from "./checkout.js";
export {
  type ClientRole,
  CONNECT_TIMEOUT_MS,
  checkRedis,
  clientOptions,
  MIN_REDIS_VERSION,
  parseRedisUrl,
  QueueConnectionError,
  QueueUrlError,
  type RedisTarget,
} from "./connection.js";
export {
  agoText,
  describeQueueStatus,
  describeWorkerEvent,
  workerEventJson,
  workerStartLine,
} from "./describe-queue.js";
export { QueueRunError, QueueUsageError } from "./errors.js";
export { GitError, isFetchableUrl, runGit } from "./git.js";
export { encodeJob, MAX_JOB_CHARS, MAX_RESULT_CHARS, parseJob, parseResult } from "./job-payload.js";
export { HOST_ID, hostOfJobId, jobIdOf, newRunId, QUEUE_PREFIX } from "./names.js";
export {
  type PrepareQueueRunOptions,
  prepareQueueRun,
  type QueueRun,
  queuedAgent,
  uniqueRepoLabels,
} from "./prepare-queue-run.js";
export { hostsOfJobIds, type QueuedRunResult, resultOf, waitedResult } from "./result-of.js";
export {
  type QueuedRunOutcome,
  type RunQueuedJobOptions,
  runQueuedJob,
  type WorkerLimits,
} from "./run-job.js";
export { type HostQueueStatus, type QueueStatus, readQueueStatus, type WorkerStatus } from "./status.js";
export { KEEP_FINISHED, openSubmitter, type Submitter } from "./submit.js";
export type {
  JobOutcome,
  PermissionCeiling,
  QueuedAgent,
  QueuedJob,
  QueuedRepo,
  QueuedResult,
  QueuedSession,
} from "./types.js";
export { type WaitForJobsOptions, waitForJobs } from "./wait-for-jobs.js";
export {
  defaultWorkerName,
  type RunningWorker,
  type StartWorkerOptions,
  startWorker,
  type WorkerEvent,
  type WorkerHost,
} from "./worker.js";
export { type PickWorkerHostsOptions, pickWorkerHosts } from "./worker-hosts.js";
export {
  checkLockDuration,
  checkWorkerName,
  MIN_LOCK_DURATION_MS,
  workerCeiling,
} from "./worker-settings.js";
