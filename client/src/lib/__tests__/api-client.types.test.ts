import { describe, expectTypeOf, it } from 'vitest';
import { type z } from 'zod';
import { friendsContracts } from '@shared/contracts/friends';
import {
  type friendItemSchema,
  type friendRequestSchema,
  type friendshipResultSchema,
  type publicFriendSchema,
} from '@shared/schema/friends';
import { call, type CallArguments } from '../api-client';
import { queryKeyOf } from '../query-client';

/**
 * These cases are checked by the compiler (`npm run typecheck`), not at run time: a contract
 * change that breaks a caller must fail the typecheck, so the client's types are the contract's.
 */
describe('the typed client', () => {
  it("answers the contract's answer type", () => {
    expectTypeOf(call<typeof friendsContracts.list>).returns.resolves.toEqualTypeOf<
      Array<z.output<typeof friendItemSchema>>
    >();
    expectTypeOf(call<typeof friendsContracts.sendRequest>).returns.resolves.toEqualTypeOf<
      z.output<typeof friendshipResultSchema>
    >();
    expectTypeOf(call<typeof friendsContracts.ofUser>).returns.resolves.toEqualTypeOf<
      Array<z.output<typeof publicFriendSchema>>
    >();
    expectTypeOf(call<typeof friendsContracts.remove>).returns.resolves.toEqualTypeOf<void>();
  });

  it("takes the contract's input: params, query and body as the client sends them", () => {
    type SendRequest = CallArguments<typeof friendsContracts.sendRequest>[0];
    expectTypeOf<SendRequest['body']>().toEqualTypeOf<z.input<typeof friendRequestSchema>>();
    type Remove = CallArguments<typeof friendsContracts.remove>[0];
    expectTypeOf<Remove['params']>().toHaveProperty('id');
    type Suggested = NonNullable<CallArguments<typeof friendsContracts.suggested>[0]>;
    expectTypeOf<NonNullable<Suggested['query']>>().toHaveProperty('limit');
  });

  it('refuses a call whose input does not fit the contract', () => {
    const refused = () => {
      // @ts-expect-error the body needs a username
      void call(friendsContracts.sendRequest, { body: {} });
      // @ts-expect-error a path parameter cannot be left out
      void call(friendsContracts.remove);
      // @ts-expect-error a contract without a body takes none
      void call(friendsContracts.list, { body: { username: 'casey' } });
    };
    expectTypeOf(refused).toBeFunction();
  });

  it('keys a query by the contract and its input', () => {
    expectTypeOf(queryKeyOf<typeof friendsContracts.ofUser>)
      .parameter(1)
      .toEqualTypeOf<CallArguments<typeof friendsContracts.ofUser>[0] | undefined>();
  });
});
