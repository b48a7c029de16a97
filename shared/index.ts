// Public surface of the simulation core: what client/ and server/ may use. Files inside shared/ import
// each other directly, never through this barrel.
export * from './sim/result.ts';
export * from './sim/mesh.ts';
export * from './protocol/messages.ts';
