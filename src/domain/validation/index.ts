export * from './messages';
export * from './url';
export * from './rules';
export * from './summaryRules';
export * from './forms';
export * from './structs';
export * from './structError';
export * from './profileImage';
