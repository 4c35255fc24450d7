import { Ellipsis, Flag, QrCode, Share2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

type ProfileMenuProps = {
  onShare: () => void;
  onShowQrCode: () => void;
  /** Without it (your own profile) there is no 'Report Profile'. */
  onReport?: () => void;
};

/** The '⋯' menu: Share Profile, Show QR Code and, on someone else's profile, Report Profile. */
export function ProfileMenu({ onShare, onShowQrCode, onReport }: ProfileMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button type="button" variant="outline" size="icon" aria-label="More options">
          <Ellipsis aria-hidden="true" />
        </Button>
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
