import { Gift, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { Button, buttonVariants } from '@/components/ui/button';
import { ProfileQrCode } from './profile-qr-code';
import { friendsOfPath } from '@/lib/paths';

export type ProfileQrPanelProps = {
  profile: { username: string; name: string };
  /** Opens the gift dialog; without it (your own profile) there is no 'Send Gift'. */
  onSendGift?: () => void;
  /** 'Add Friend' is offered on someone else's profile only. */
  showAddFriend: boolean;
};

/** A large QR code with 'Send Gift' and 'Add Friend', as the QR dialogs show it. */
export function ProfileQrPanel({ profile, onSendGift, showAddFriend }: ProfileQrPanelProps) {
  return (
    <div className="grid gap-4">
      <ProfileQrCode
        username={profile.username}
        name={profile.name}
        className="size-64 max-w-full"
      />
      {(onSendGift || showAddFriend) && (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {onSendGift && (
            <Button type="button" onClick={onSendGift}>
              <Gift aria-hidden="true" />
              Send Gift
            </Button>
          )}
          {showAddFriend && (
            <Link
              href={friendsOfPath(profile.username)}
              className={buttonVariants({ variant: 'outline' })}
            >
              <UserPlus aria-hidden="true" />
              Add Friend
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
