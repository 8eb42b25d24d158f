// Histories: what changed (changes.ts) and how it reads (render.ts).
export * from './changes';
export * from './render';
export { HISTORY_TEXTS } from '../i18n/en/history';
export * from './events';
