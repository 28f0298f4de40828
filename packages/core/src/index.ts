export * from './constants.ts';
export * from './menus.ts';
export * from './resource.ts';
export * from './rules.ts';
export * from './plate.ts';
export * from './validate.ts';
export * from './resources/index.ts';
export * from './resources/danger.ts';
