import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type TwoFactorStatus } from '@shared/schema/two-factor';
import { jsonReply, mockApi, pending } from '@/testing/mock-api';
import { findToast, renderWithProviders } from '@/testing/test-utils';
import { TwoFactorSection } from '../components/two-factor-section';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `abcd${index}-efgh${index}`);

/** The server's two-factor state, changed by the calls as the real one would be. */
function mockTwoFactorApi(initial: TwoFactorStatus) {
  let status = initial;
  return mockApi({
    'GET /api/user/two-factor': () => jsonReply(200, status),
    'POST /api/user/two-factor/setup': ({ body }) =>
      (body as { password: string }).password === 'secret123'
        ? jsonReply(200, {
            qrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
            uri: `otpauth://totp/mark.it:casey?secret=${SECRET}&issuer=mark.it`,
            secret: SECRET,
          })
        : jsonReply(400, {
            message: 'Password is incorrect',
            errors: { password: 'Password is incorrect' },
          }),
    'POST /api/user/two-factor/enable': ({ body }) => {
      if ((body as { code: string }).code !== '123456') {
        return jsonReply(400, {
          message: 'Invalid authentication code',
          errors: { code: 'Invalid authentication code' },
        });
      }
      status = { enabled: true, recoveryCodesLeft: 10 };
      return jsonReply(200, { recoveryCodes: CODES });
    },
    'POST /api/user/two-factor/disable': () => {
      status = { enabled: false, recoveryCodesLeft: 0 };
      return jsonReply(200, status);
    },
  });
}

describe('Two-factor authentication section', () => {
  it('shows a skeleton while loading', () => {
    mockApi({ 'GET /api/user/two-factor': pending });
    renderWithProviders(<TwoFactorSection />);
    expect(
      screen.getByRole('status', { name: 'Loading two-factor authentication' }),
    ).toBeInTheDocument();
  });

  it('turns two-factor on: password, QR code and key, a code, then the recovery codes once', async () => {
    const api = mockTwoFactorApi({ enabled: false, recoveryCodesLeft: 0 });
    const { user } = renderWithProviders(<TwoFactorSection />);
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(section).findByText('Off')).toBeInTheDocument();

    await user.click(
      within(section).getByRole('button', { name: 'Turn on two-factor authentication' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Turn on two-factor authentication' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByLabelText('Password')).toHaveAccessibleDescription(
      'Password is incorrect',
    );
    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    dialog = await screen.findByRole('dialog', { name: 'Scan the QR code' });
    expect(
      within(dialog).getByRole('img', { name: 'QR code to add mark.it to your authenticator app' }),
    ).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    expect(within(dialog).getByLabelText("Can't scan it? Enter this setup key")).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    await user.type(within(dialog).getByLabelText('Authentication code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByLabelText('Authentication code')).toHaveAccessibleDescription(
      'Invalid authentication code',
    );
    await user.clear(within(dialog).getByLabelText('Authentication code'));
    await user.type(within(dialog).getByLabelText('Authentication code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    dialog = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    const codes = within(dialog).getByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(within(dialog).getByRole('link', { name: 'Download codes' })).toHaveAttribute(
      'download',
      'mark.it-recovery-codes.txt',
    );
    expect(await findToast('Two-factor authentication is on')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'I have saved my codes' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await within(section).findByText('10 recovery codes left.')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/user/two-factor/enable')[1]?.body).toEqual({
      code: '123456',
    });
  });

  it('turns two-factor off with the password and a recovery code', async () => {
    const api = mockTwoFactorApi({ enabled: true, recoveryCodesLeft: 3 });
    const { user } = renderWithProviders(<TwoFactorSection />);
    const section = await screen.findByRole('region', { name: 'Two-factor authentication' });
    expect(await within(section).findByText('3 recovery codes left.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Turn off two-factor authentication',
    });
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'abcde-fghjk');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));

    expect(await findToast('Two-factor authentication is off')).toBeInTheDocument();
    expect(await within(section).findByText('Off')).toBeInTheDocument();
    expect(api.requestsTo('POST', '/api/user/two-factor/disable')[0]?.body).toEqual({
      password: 'secret123',
      recoveryCode: 'abcdefghjk',
    });
  });
});
