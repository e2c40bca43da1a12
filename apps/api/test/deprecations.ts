/**
 * A deprecated call fails the test that made it instead of printing a warning nobody reads: pg 8
 * queues a statement sent while its connection runs one and another already waits (three reads
 * at once in one transaction) with a deprecation, and pg 9 refuses any overlap. Node throws at the
 * call, so the stack names the caller.
 */
process.throwDeprecation = true;
