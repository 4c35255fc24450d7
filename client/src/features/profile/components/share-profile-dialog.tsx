import {
  ArrowLeft,
  Camera,
  MessageCircle,
  MessageSquareText,
  QrCode,
  Smartphone,
  ThumbsUp,
  type LucideIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { type WebSharePlatform } from '../lib/share-links';
import { CopyLinkButton } from './copy-link-button';
import { ProfileQrPanel, type ProfileQrPanelProps } from './profile-qr-panel';
import { useProfileSharing } from './use-profile-sharing';

type ShareProfileDialogProps = ProfileQrPanelProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * The Share dialog: share through the device, copy the link, show the QR code, or open Twitter,
 * Facebook, WhatsApp or Instagram. It switches between the options and the QR view.
 */
export function ShareProfileDialog({ open, onOpenChange, ...panel }: ShareProfileDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {/* Inside the content, so the dialog opens on its options every time. */}
        <ShareProfileContent {...panel} />
      </DialogContent>
    </Dialog>
  );
}

type WebNetwork = {
  platform: WebSharePlatform | 'instagram';
  label: string;
  icon: LucideIcon;
  /** The network's colour behind its icon. */
  tint: string;
};

const NETWORKS: WebNetwork[] = [
  { platform: 'twitter', label: 'Twitter', icon: MessageSquareText, tint: 'bg-sky-600' },
  { platform: 'facebook', label: 'Facebook', icon: ThumbsUp, tint: 'bg-blue-700' },
  { platform: 'whatsapp', label: 'WhatsApp', icon: MessageCircle, tint: 'bg-green-700' },
  { platform: 'instagram', label: 'Instagram', icon: Camera, tint: 'bg-pink-700' },
];

function ShareProfileContent(panel: ProfileQrPanelProps) {
  const { profile } = panel;
  const [view, setView] = useState<'options' | 'qr'>('options');
  const sharing = useProfileSharing(profile);

  const shareNative = async () => {
    // No share sheet here (or it failed): fall back to the QR code, which works anywhere.
    if ((await sharing.shareNative()) === 'unavailable') setView('qr');
  };

  const showQr = () => {
    if (sharing.showQrCode()) setView('qr');
  };

  const shareOn = (platform: WebNetwork['platform']) => {
    if (platform === 'instagram') void sharing.shareOnInstagram();
    else sharing.shareOnWeb(platform);
  };

  if (view === 'qr') {
    return (
      <>
        <DialogHeader>
          <DialogTitle>Share Profile</DialogTitle>
          <DialogDescription>
            Scan to open {profile.name}&apos;s profile on mark.it.
          </DialogDescription>
        </DialogHeader>
        <ProfileQrPanel {...panel} />
        <Button type="button" variant="ghost" onClick={() => setView('options')}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Share Profile</DialogTitle>
        <DialogDescription>Share {profile.name}&apos;s profile with anyone.</DialogDescription>
      </DialogHeader>
      {/* Three labelled buttons do not fit one row of this dialog: the device's own share sheet
          takes a row, copy link and QR code share the next from the small breakpoint on. */}
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Button type="button" className="sm:col-span-2" onClick={() => void shareNative()}>
          <Smartphone aria-hidden="true" />
          Share via device
        </Button>
        <CopyLinkButton onCopy={sharing.copyLink} />
        <Button type="button" variant="outline" onClick={showQr}>
          <QrCode aria-hidden="true" />
          QR Code
        </Button>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {NETWORKS.map(({ platform, label, icon: Icon, tint }) => (
          <Button
            key={platform}
            type="button"
            variant="outline"
            className="h-auto flex-col gap-1.5 py-3"
            onClick={() => shareOn(platform)}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-9 items-center justify-center rounded-full text-white',
                tint,
              )}
            >
              <Icon />
            </span>
            {label}
          </Button>
        ))}
      </div>
    </>
  );
}
