export interface Mailer {
  /** Whether queued mail goes out (a transport is set); without one it is kept in the outbox. */
  readonly delivers: boolean;
  /** Sends what is queued now (called after a commit that queued mail, and on a timer). */
  flush(): Promise<number>;
}
