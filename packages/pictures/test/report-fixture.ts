// A real discovery, every tool's view and the spawn graph of a sandbox: what the CLI
// gathers for `roster report`, built here from the same packages.
import { createRegistry, discoverAgents } from "@roster/core";
import { type ToolView, viewAsTool } from "@roster/profiles";
import { bundledProvider } from "@roster/source-bundled";
import { claudeProfile, claudeProvider } from "@roster/source-claude";
import { codexProfile, codexProvider } from "@roster/source-codex";
import { copilotProfile, copilotProvider } from "@roster/source-copilot";
import { cursorProfile, cursorProvider } from "@roster/source-cursor";
import { geminiProfile, geminiProvider } from "@roster/source-gemini";
import { opencodeProfile, opencodeProvider } from "@roster/source-opencode";
import { xcshProfile, xcshProvider } from "@roster/source-xcsh";
import type { Sandbox } from "@roster/testkit";
import { buildReport, buildSpawnGraph, type ReportData } from "../src/index.js";

export const PROFILES = [
  xcshProfile,
  claudeProfile,
  codexProfile,
  geminiProfile,
  opencodeProfile,
  copilotProfile,
  cursorProfile,
];

/** The report data of a sandbox, as `roster report` builds it. */
export async function reportOf(box: Sandbox): Promise<ReportData> {
  const registry = createRegistry([
    xcshProvider,
    claudeProvider,
    codexProvider,
    geminiProvider,
    opencodeProvider,
    copilotProvider,
    cursorProvider,
    bundledProvider,
  ]);
  const ctx = box.ctx();
  const discovery = await discoverAgents(registry, ctx);
  const views: ToolView[] = [];
  for (const profile of PROFILES) views.push(await viewAsTool(profile, ctx, { registry }));
  const graph = buildSpawnGraph({ discovery });
  return buildReport({
    discovery,
    views,
    diagnostics: discovery.diagnostics,
    graph,
    cwd: box.project,
    generatedAt: "2026-01-01T00:00:00.000Z",
    showPath: (p) => (p.startsWith(`${box.project}/`) ? p.slice(box.project.length + 1) : p),
  });
}
