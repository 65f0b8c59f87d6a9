export * from './app/app.constants.ts';
export * from './common/errors.ts';
export * from './common/validation.ts';
export * from './auth/auth.schemas.ts';
export * from './profile/profile.schemas.ts';
