/**
 * SQL for a statement that queues an outbox message with its own write, so the message commits
 * with it or not at all: one message of `kind` per row of `source` matching `where` (all SQL).
 */
export const queueMessages = (kind: string, payload: string, source: string, where: string) =>
  `insert into outbox_messages (kind, payload)
      select ${kind}, ${payload}
      from ${source} where ${where}`;
