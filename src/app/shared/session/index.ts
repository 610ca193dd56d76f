export * from './store';
export * from './actions';
export * from './rules';
export * from './permissions';
export * from './live';
