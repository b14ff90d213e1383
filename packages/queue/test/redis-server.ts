// A real redis-server for tests (Debian's `redis-server`; `.ci/run` installs it): one per test
// file, on a free loopback port, no persistence, killed afterwards. Tests that need it skip
// visibly (`describe.skipIf(!HAS_REDIS)`) on a machine without it.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createConnection, createServer } from "node:net";

/** True when `redis-server` is on PATH. */
export const HAS_REDIS: boolean = spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** True once something answers PONG on `port`. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.setTimeout(500);
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => {
      socket.destroy();
      resolve(String(data).startsWith("+PONG"));
    });
    socket.on("error", () => resolve(false));
    socket.on("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A running redis-server. */
export interface TestRedis {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts redis-server on a free loopback port and waits until it answers. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const child = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--loglevel",
      "warning",
    ],
    { stdio: "ignore" },
  );
  for (let i = 0; i < 200 && !(await pong(port)); i++) await new Promise((r) => setTimeout(r, 25));
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGKILL");
      }),
  };
}
