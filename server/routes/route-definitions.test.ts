import { validate } from '@readme/openapi-parser';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '@shared/contracts';
import { assertContractsBound } from '../lib/api-route';
import { openApiPath } from '../lib/openapi';
import { mountedRoutes } from '../lib/route-list';
import { createTestContext, type TestContext } from '../testing/test-app';

let context: TestContext;
beforeAll(async () => {
  context = await createTestContext();
});
afterAll(async () => {
  await context.close();
});

const definedRoutes = () =>
  context.app.locals.apiRoutes.map((route) => `${route.method.toUpperCase()} /api${route.path}`);

describe('route definitions', () => {
  it('define every route the app mounts under /api, and only those', () => {
    const mounted = mountedRoutes(context.app.router)
      .filter((route) => route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path}`);
    expect(mounted.length).toBeGreaterThan(50);
    expect(mounted.filter((route) => !definedRoutes().includes(route))).toEqual([]);
    expect(definedRoutes().filter((route) => !mounted.includes(route))).toEqual([]);
  });

  it('bind one handler to every contract in shared/contracts, and mount no route without one', () => {
    const routes = context.app.locals.apiRoutes;
    expect(routes.map((route) => route.id).sort()).toEqual(
      allContracts.map((contract) => contract.id).sort(),
    );
    expect(() => assertContractsBound(routes, allContracts)).not.toThrow();
  });

  it('refuse to start with a contract left without a handler or a handler without a contract', () => {
    const routes = context.app.locals.apiRoutes;
    const [first, ...rest] = routes;
    expect(() => assertContractsBound(rest, allContracts)).toThrow(
      `${first!.id} (${first!.method} ${first!.path}) has no handler`,
    );
    const stray = { ...first!, id: 'nowhere.stray', path: '/stray' };
    expect(() => assertContractsBound([...routes, stray], allContracts)).toThrow(
      `${first!.method.toUpperCase()} /stray has no contract in shared/contracts`,
    );
    expect(() => assertContractsBound([...routes, first!], allContracts)).toThrow(
      `${first!.id} has 2 handlers`,
    );
  });

  it('serve an OpenAPI 3.1 document that validates and lists every route', async () => {
    const response = await request(context.app).get('/api/openapi.json').expect(200);
    const document = response.body as {
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors.slice(0, 5)).toEqual([]);

    const described = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = context.app.locals.apiRoutes.map(
      (route) => `${route.method.toUpperCase()} ${openApiPath(route.path)}`,
    );
    expect(described.sort()).toEqual(expected.sort());
    // A signed-in route documents its 401, a role's route its 403.
    expect(document.paths['/api/wallet/withdraw']?.post?.responses).toHaveProperty('403');
    expect(document.paths['/api/friends']?.get?.responses).toHaveProperty('401');
    expect(document.paths['/api/health']?.get?.responses).not.toHaveProperty('401');
  });

  it('serve a readable reference page with its scripts from this origin', async () => {
    const page = await request(context.app).get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<title>mark.it API reference</title>');
    const scripts = [...page.text.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts).toEqual(['/api/docs/swagger-ui-bundle.js', '/api/docs/start.js']);
    for (const script of scripts) {
      const answer = await request(context.app).get(script).expect(200);
      expect(answer.headers['content-type']).toMatch(/javascript/);
    }
    const start = await request(context.app).get('/api/docs/start.js');
    expect(start.text).toContain("url: '/api/openapi.json'");
    await request(context.app).get('/api/docs/swagger-ui.css').expect(200);
  });
});
