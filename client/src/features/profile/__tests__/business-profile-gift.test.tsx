import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonReply, mockApi } from '@/testing/mock-api';
import {
  buildProfile,
  casey,
  profileRoutes,
  renderProfilePage,
  signedOut,
} from './profile-fixtures';

// The page and the real gift dialog together: a business is offered a gift like anyone else,
// and the dialog itself says why nothing can be sent.
const beanStreet = buildProfile({
  name: 'Bean Street Coffee',
  username: 'bean_street',
  type: 'business',
  brands: [],
});

describe.each([
  ['a guest', signedOut],
  ['a signed-in consumer', jsonReply(200, casey)],
])("a business profile's Send a Gift, seen by %s", (_who, viewer) => {
  it('says the user has no brand preferences and keeps Send Gift Card disabled', async () => {
    const api = mockApi(profileRoutes({ viewer, profile: jsonReply(200, beanStreet) }));
    const { user } = renderProfilePage('bean_street');
    await screen.findByRole('heading', { level: 1, name: /^Bean Street Coffee/ });

    await user.click(screen.getByRole('button', { name: 'Send a Gift' }));

    const dialog = await screen.findByRole('dialog', { name: 'Send a Gift Card to bean_street' });
    expect(
      within(dialog).getByText("This user hasn't set their brand preferences yet."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Brand' })).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Amount ($)'), '20');
    await user.clear(within(dialog).getByLabelText('Your Email'));
    await user.type(within(dialog).getByLabelText('Your Email'), 'guest@example.com');
    expect(within(dialog).getByRole('button', { name: 'Send Gift Card' })).toBeDisabled();
    expect(api.requestsTo('POST', '/api/gift-cards/guest')).toHaveLength(0);
  });
});
