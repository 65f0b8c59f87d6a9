import { databaseTestProject } from '../../vitest.database-project.ts';

export default databaseTestProject('gateway', import.meta.url);
