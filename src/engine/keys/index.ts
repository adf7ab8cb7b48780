/** Keys and key groups: Java hash codes, Flink's murmur scrambling and `KeyGroupRangeAssignment`. */
export * from './javaHashCode';
export * from './murmurHash';
export * from './keyGroupRange';
export * from './keyGroups';
