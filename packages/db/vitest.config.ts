import { databaseTestProject } from '../../vitest.database-project.ts';

export default databaseTestProject('db', import.meta.url, [
  'src/**/*.test.ts',
  'scripts/**/*.test.ts',
]);
