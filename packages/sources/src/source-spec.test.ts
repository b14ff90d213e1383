import { describe, expect, test } from "vitest";
import { SourceUsageError } from "./errors.js";
import { parseSourceSpec, requestedSource, subPathProblem } from "./source-spec.js";

const where = { cwd: "/work/project", home: "/home/ada" };
const parse = (input: string) => parseSourceSpec(input, where);

describe("parseSourceSpec", () => {
  test("GitHub's shorthand in every spelling is one source over https", () => {
    const forms = [
      "acme/agents",
      "github:acme/agents",
      "https://github.com/acme/agents",
      "https://github.com/acme/agents.git",
      "https://github.com/Acme/Agents/",
      "git@github.com:acme/agents.git",
      "ssh://git@github.com/acme/agents",
    ];
    const keys = new Set(forms.map((f) => parse(f).key));
    expect([...keys]).toEqual(["github.com/acme/agents"]);
    expect(parse("acme/agents").url).toBe("https://github.com/acme/agents.git");
    expect(parse("git@github.com:acme/agents.git").url).toBe("git@github.com:acme/agents.git");
  });

  test("#REF names a branch, tag or commit", () => {
    expect(parse("acme/agents#v2.1")).toMatchObject({ ref: "v2.1", key: "github.com/acme/agents" });
    expect(parse("https://example.com/x/y.git#main").ref).toBe("main");
  });

  test("local paths and file URLs are the same folder", () => {
    expect(parse("./team")).toEqual({ url: "/work/project/team", key: "file:/work/project/team" });
    expect(parse("~/src/team/").key).toBe("file:/home/ada/src/team");
    expect(parse("file:///work/project/team").key).toBe(parse("../project/team").key);
  });

  test.each([
    ["", /no source given/],
    ["--upload-pack=touch /tmp/x", /starts with "-"/],
    ["ext::sh -c touch% /tmp/pwned", /transport roster does not use/],
    ["foo://host/x", /https, http, ssh, git and file URLs only/],
    ["https://user:secret@example.com/x.git", /password/],
    ["just-a-word", /is not a source/],
    ["acme/agents#--exec", /not a branch, tag or commit name/],
    ["acme/agents#a..b", /not a branch/],
    ["acme/agents#", /not a branch/],
  ])("refuses %j", (input, message) => {
    expect(() => parse(input)).toThrow(SourceUsageError);
    expect(() => parse(input)).toThrow(message);
  });
});

describe("requestedSource", () => {
  const places = { cwd: "/work/p", home: "/home/ada" };
  test("the ref from #REF or --ref (the same twice is fine, two are a usage error); --path checked by its form", () => {
    expect(requestedSource({ source: "acme/agents#v2" }, places).ref).toBe("v2");
    expect(requestedSource({ source: "acme/agents", ref: "v2" }, places).ref).toBe("v2");
    expect(requestedSource({ source: "acme/agents#v2", ref: "v2" }, places).ref).toBe("v2");
    expect(() => requestedSource({ source: "acme/agents#v1", ref: "v2" }, places)).toThrow(SourceUsageError);
    for (const path of ["agents", "./plugins/x", "a/./b", "."])
      expect(requestedSource({ source: "acme/agents", path }, places).spec.key).toBe(
        "github.com/acme/agents",
      );
    for (const path of ["../x", "a/../../b", "/etc", "a\\..\\b"])
      expect(() => requestedSource({ source: "acme/agents", path }, places)).toThrow(
        /--path .* must be a folder inside the repository/,
      );
    expect(subPathProblem("sub")).toBeUndefined();
  });
});
