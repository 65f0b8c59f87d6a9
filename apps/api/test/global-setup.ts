// The db package's setup: a fresh migrated database per run; importing it also brings its
// `inject('databaseUrl')` and `inject('adminUrl')` typing into this project.
export { default } from '../../../packages/db/test/global-setup.ts';
