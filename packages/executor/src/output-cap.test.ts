import { describe, expect, test } from "vitest";
import { capTail, limitFromEnv, TailBuffer } from "./output-cap.js";

describe("capTail", () => {
  test("keeps short text untouched", () => {
    expect(capTail(Buffer.from("a\nb\n"), 100, 10)).toEqual({ text: "a\nb\n", truncated: false });
  });

  test("keeps the last lines; a trailing newline does not count as a line", () => {
    expect(capTail(Buffer.from("1\n2\n3\n4\n"), 100, 2)).toEqual({ text: "3\n4\n", truncated: true });
    expect(capTail(Buffer.from("1\n2\n3"), 100, 3)).toEqual({ text: "1\n2\n3", truncated: false });
  });

  test("keeps the last bytes and never starts mid-character", () => {
    const { text, truncated } = capTail(Buffer.from("aé€"), 4, 10);
    expect(truncated).toBe(true);
    expect(text).toBe("€");
  });
});

test("TailBuffer bounds memory while streaming and still keeps the tail", () => {
  const buffer = new TailBuffer(10, 100);
  for (let i = 0; i < 1000; i++) buffer.push(Buffer.from(`${i % 10}`));
  expect(buffer.finish()).toEqual({ text: "0123456789", truncated: true });
});

test("limitFromEnv accepts positive integers only", () => {
  expect(limitFromEnv("42", 7)).toBe(42);
  expect(limitFromEnv(undefined, 7)).toBe(7);
  expect(limitFromEnv("0", 7)).toBe(7);
  expect(limitFromEnv("-3", 7)).toBe(7);
  expect(limitFromEnv("1e3", 7)).toBe(7);
});
