// Every table, for drizzle (queries and drizzle-kit). Feature files own their tables.
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
