import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import type { OpenApiDocument } from '@proxy/contract';
import { SwaggerView } from './swagger-view';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Test API', version: '1' },
  paths: {
    '/api/profile': {
      get: {
        operationId: 'profile.getProfile',
        summary: 'The profile',
        responses: { 200: { description: 'The profile' } },
      },
    },
  },
};

describe('SwaggerView', () => {
  it("draws the operations without a <main> of its own: the page's main stays the only one", async () => {
    const { container } = render(
      <main>
        <SwaggerView document={document} apiKey="key" origin="http://api.test" />
      </main>,
    );
    await waitFor(() => expect(container.querySelector('#operations')).not.toBeNull(), {
      timeout: 20_000,
    });
    expect(screen.getByText('/api/profile')).toBeTruthy();
    expect(container.querySelectorAll('main')).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
  }, 30_000);
});
