import { databaseTestProject } from '../../vitest.database-project.ts';

export default databaseTestProject('api', import.meta.url);
