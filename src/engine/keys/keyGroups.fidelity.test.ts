// Every vector in test/fixtures/keygroups.json (computed with Flink's own arithmetic: KeyGroupRangeAssignment,
// MathUtils.murmurHash; see test/fixtures/README.md for where it comes from) must match.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { javaHashCode } from './javaHashCode';
import {
  assignKeyToParallelOperator,
  assignToKeyGroup,
  computeDefaultMaxParallelism,
  computeKeyGroupForKeyHash,
  computeKeyGroupRangeForOperatorIndex,
  computeOperatorIndexForKeyGroup,
} from './keyGroups';
import { keyGroupRangeSize } from './keyGroupRange';
import { murmurHash } from './murmurHash';

interface Vectors {
  murmurHash: { input: number; murmurHash: number }[];
  stringKeys: {
    key: string;
    javaHashCode: number;
    murmurHash: number;
    keyGroup_maxP128: number;
    keyGroup_maxP4096: number;
    operatorIndex_maxP128_p4: number;
  }[];
  intKeys: { key: number; javaHashCode: number; murmurHash: number; keyGroup_maxP128: number }[];
  keyGroupRanges: {
    maxParallelism: number;
    parallelism: number;
    ranges: {
      operatorIndex: number;
      startKeyGroup: number;
      endKeyGroup: number;
      numberOfKeyGroups: number;
    }[];
    operatorIndexForKeyGroup: Record<string, number>;
  }[];
  computeDefaultMaxParallelism: Record<string, number>;
}

// This file is src/engine/keys/…: the fixture is in the repository, so a fresh clone has it.
const vectors = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/keygroups.json', import.meta.url), 'utf8'),
) as Vectors;

describe('keygroups.json fidelity vectors', () => {
  it('has vectors in every section (guards against a silently empty file)', () => {
    expect(vectors.murmurHash.length).toBeGreaterThan(0);
    expect(vectors.stringKeys.length).toBeGreaterThan(0);
    expect(vectors.intKeys.length).toBeGreaterThan(0);
    expect(vectors.keyGroupRanges.length).toBeGreaterThan(0);
    expect(Object.keys(vectors.computeDefaultMaxParallelism).length).toBeGreaterThan(0);
  });

  it.each(vectors.murmurHash)(
    'murmurHash($input) = $murmurHash',
    ({ input, murmurHash: expected }) => {
      expect(murmurHash(input)).toBe(expected);
    },
  );

  it.each(vectors.stringKeys)('string key "$key"', (v) => {
    expect(javaHashCode(v.key)).toBe(v.javaHashCode);
    expect(murmurHash(v.javaHashCode)).toBe(v.murmurHash);
    expect(assignToKeyGroup(v.key, 128)).toBe(v.keyGroup_maxP128);
    expect(assignToKeyGroup(v.key, 4096)).toBe(v.keyGroup_maxP4096);
    expect(computeKeyGroupForKeyHash(v.javaHashCode, 128)).toBe(v.keyGroup_maxP128);
    expect(assignKeyToParallelOperator(v.key, 128, 4)).toBe(v.operatorIndex_maxP128_p4);
  });

  it.each(vectors.intKeys)('integer key $key', (v) => {
    expect(javaHashCode(v.key)).toBe(v.javaHashCode);
    expect(murmurHash(v.javaHashCode)).toBe(v.murmurHash);
    expect(assignToKeyGroup(v.key, 128)).toBe(v.keyGroup_maxP128);
  });

  it.each(vectors.keyGroupRanges)('ranges for maxP $maxParallelism, p $parallelism', (v) => {
    expect(v.ranges).toHaveLength(v.parallelism);
    for (const r of v.ranges) {
      const range = computeKeyGroupRangeForOperatorIndex(
        v.maxParallelism,
        v.parallelism,
        r.operatorIndex,
      );
      expect(range).toEqual({ startKeyGroup: r.startKeyGroup, endKeyGroup: r.endKeyGroup });
      expect(keyGroupRangeSize(range)).toBe(r.numberOfKeyGroups);
    }
    const entries = Object.entries(v.operatorIndexForKeyGroup);
    expect(entries.length).toBeGreaterThan(0);
    for (const [kg, op] of entries) {
      expect(computeOperatorIndexForKeyGroup(v.maxParallelism, v.parallelism, Number(kg))).toBe(op);
    }
  });

  it.each(Object.entries(vectors.computeDefaultMaxParallelism))(
    'computeDefaultMaxParallelism(%s) = %i',
    (p, expected) => {
      expect(computeDefaultMaxParallelism(Number(p))).toBe(expected);
    },
  );
});
