import { Flag, QrCode, Share2 } from 'lucide-react';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { MoreOptionsButton } from './more-options-button';

type ProfileMenuProps = {
  onShare: () => void;
  onShowQrCode: () => void;
  /** Without it (your own profile) there is no 'Report Profile'. */
  onReport?: () => void;
  /** Opens at once: the '⋯' button was pressed before this menu's code had arrived. */
  defaultOpen?: boolean;
};

/** The '⋯' menu: Share Profile, Show QR Code and, on someone else's profile, Report Profile. */
export function ProfileMenu({ onShare, onShowQrCode, onReport, defaultOpen }: ProfileMenuProps) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <MoreOptionsButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onShare}>
          <Share2 aria-hidden="true" />
          Share Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onShowQrCode}>
          <QrCode aria-hidden="true" />
          Show QR Code
        </DropdownMenuItem>
        {onReport && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem variant="destructive" onSelect={onReport}>
              <Flag aria-hidden="true" />
              Report Profile
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
