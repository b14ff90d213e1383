import { describe, expect, test } from "vitest";
import { parseListing } from "./parse-listing.js";

describe("parseListing", () => {
  test("the listing `list --json` stored, read back", () => {
    const listing = {
      agents: [{ name: "a", description: "d", source: "project", provider: "claude" }],
      shadowed: [],
      diagnostics: [],
      projectAgentsDir: null,
    };
    expect(parseListing(JSON.stringify(listing))).toEqual(listing);
  });

  test("undefined for text that is not JSON or not the shape `list` prints from", () => {
    expect(parseListing("{")).toBeUndefined();
    expect(parseListing("null")).toBeUndefined();
    expect(parseListing('{"agents":[],"shadowed":[]}')).toBeUndefined();
    expect(
      parseListing(
        '{"agents":[{"name":"a","description":"d","source":"project"}],"shadowed":[],"diagnostics":[]}',
      ),
    ).toBeUndefined();
    expect(
      parseListing(
        '{"agents":[{"name":1,"description":"d","source":"p","provider":"c"}],"shadowed":[],"diagnostics":[]}',
      ),
    ).toBeUndefined();
  });
});
