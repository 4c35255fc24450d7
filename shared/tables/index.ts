// Every table, for drizzle (queries, relations and drizzle-kit). The client never imports these:
// its contracts are in shared/schema/, which imports nothing from drizzle-orm.
export * from './brands';
export * from './identifiers';
export * from './sessions';
export * from './users';
export * from './locations';
export * from './ledger';
export * from './pins';
export * from './gift-cards';
export * from './friends';
export * from './profiles';
export * from './posts';
export * from './notifications';
export * from './leaderboard';
export * from './accounts';
export * from './payments';
export * from './messages';
export * from './idempotency';
