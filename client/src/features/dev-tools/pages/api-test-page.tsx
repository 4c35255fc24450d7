import { useId, useState, type FormEvent } from 'react';
import { FRIEND_RESPONSE_ACTIONS } from '@shared/constants';
import { friendsContracts } from '@shared/contracts/friends';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { type TestedContract, useApiTest } from '../api/post-api-test';
import { ApiAnswer } from '../components/api-answer';

/** The friendship id the respond form starts with. */
export const DEFAULT_TEST_FRIENDSHIP_ID = 28;

/** How the answer block names a call: 'POST /api/friends/request'. */
const requestLine = (contract: TestedContract) =>
  `${contract.method.toUpperCase()} /api${contract.path}`;

/**
 * /api-test: a developer page that calls the friend-request API directly and
 * shows the raw answers, so the endpoints can be tried without the friends screens.
 */
export function ApiTestPage() {
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Friend Request API Test</h1>
        <p className="text-muted-foreground">
          A developer page: each form sends one real request as the signed-in user and shows the
          server&apos;s answer unchanged.
        </p>
      </div>
      <SendRequestForm />
      <RespondForm />
    </div>
  );
}

function SendRequestForm() {
  const titleId = useId();
  const usernameId = useId();
  const [username, setUsername] = useState('');
  const call = useApiTest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.mutate({ contract: friendsContracts.sendRequest, body: { username } });
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          Send friend request
        </CardTitle>
        <CardDescription>POST /api/friends/request with a username.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor={usernameId}>Username</Label>
            <Input
              id={usernameId}
              autoComplete="off"
              spellCheck={false}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={call.isPending}>
            {call.isPending ? 'Sending...' : 'Send request'}
          </Button>
        </form>
        <ApiAnswer request={requestLine(friendsContracts.sendRequest)} call={call} />
      </CardContent>
    </Card>
  );
}

function RespondForm() {
  const titleId = useId();
  const idId = useId();
  const actionId = useId();
  const [friendshipId, setFriendshipId] = useState(String(DEFAULT_TEST_FRIENDSHIP_ID));
  const [action, setAction] = useState<string>('accept');
  const call = useApiTest();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Sent as typed when it is not a number, so the server's own validation answer shows.
    const id = Number(friendshipId);
    const body = {
      friendshipId: friendshipId.trim() !== '' && Number.isFinite(id) ? id : friendshipId,
      action,
    };
    call.mutate({ contract: friendsContracts.respond, body });
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          Respond to friend request
        </CardTitle>
        <CardDescription>
          POST /api/friends/respond with a friendship id and an action.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <div className="grid gap-2">
            <Label htmlFor={idId}>Friendship ID</Label>
            <Input
              id={idId}
              type="number"
              inputMode="numeric"
              step={1}
              value={friendshipId}
              onChange={(event) => setFriendshipId(event.target.value)}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={actionId}>Action</Label>
            <NativeSelect
              id={actionId}
              value={action}
              onChange={(event) => setAction(event.target.value)}
            >
              {FRIEND_RESPONSE_ACTIONS.map((value) => (
                <option key={value} value={value}>
                  {value}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={call.isPending}>
            {call.isPending ? 'Sending...' : 'Send response'}
          </Button>
        </form>
        <ApiAnswer request={requestLine(friendsContracts.respond)} call={call} />
      </CardContent>
    </Card>
  );
}
