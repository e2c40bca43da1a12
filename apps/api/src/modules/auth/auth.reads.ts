/**
 * SQL for the one-round-trip pack purchase: true while session `session` of user `user` (SQL:
 * literals or parameters) is live. The session in memory may have ended on another instance.
 */
export const liveSession = (session: string, user: string) =>
  `exists (select 1 from sessions where id = ${session} and user_id = ${user} and expires_at > now())`;
