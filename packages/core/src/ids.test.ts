import { describe, expect, it } from "vitest";
import { idPattern, newId } from "./ids.ts";

describe("newId", () => {
  it("makes 24 characters of [0-9a-z], a letter first, never the same twice", () => {
    const ids = Array.from({ length: 20_000 }, newId);
    for (const id of ids) {
      expect(id).toHaveLength(24);
      expect(id).toMatch(idPattern);
      expect(id).toMatch(/^[a-z]/);
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("uses every character about equally (no modulo bias)", () => {
    const counts = new Map<string, number>();
    let total = 0;
    for (let i = 0; i < 20_000; i++)
      for (const char of newId().slice(1)) {
        counts.set(char, (counts.get(char) ?? 0) + 1);
        total++;
      }
    expect(counts.size).toBe(36);
    // 460,000 draws over 36 characters: each within 3% of the mean (more than 10 standard deviations).
    const mean = total / 36;
    for (const count of counts.values()) expect(Math.abs(count - mean) / mean).toBeLessThan(0.03);
  });
});
