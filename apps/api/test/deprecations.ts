/**
 * A deprecated call fails the test that made it instead of printing a warning nobody reads: pg 8
 * queues a statement sent while its connection is busy (two reads at once in one transaction)
 * with a deprecation, and pg 9 refuses it. Node throws at the call, so the stack names the caller.
 */
process.throwDeprecation = true;
