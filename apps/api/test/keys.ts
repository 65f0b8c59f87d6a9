/** The key every test app and test server shares: rows written by one open in all the others. */
export const TEST_DATA_ENCRYPTION_KEY = '7e57'.repeat(16);
