import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One production server (single-user mode) shared by the e2e files that don't need their own. */
export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide('baseURL', server.url);
  return async () => {
    await server.stop();
  };
}
