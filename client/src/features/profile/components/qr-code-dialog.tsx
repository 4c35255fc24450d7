import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { ProfileQrPanel, type ProfileQrPanelProps } from './profile-qr-panel';

type QrCodeDialogProps = ProfileQrPanelProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** 'Show QR Code': the profile's QR code large enough to scan from another phone. */
export function QrCodeDialog({ open, onOpenChange, ...panel }: QrCodeDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>QR Code</DialogTitle>
          <DialogDescription>
            Scan to open {panel.profile.name}&apos;s profile on mark.it.
          </DialogDescription>
        </DialogHeader>
        <ProfileQrPanel {...panel} />
      </DialogContent>
    </Dialog>
  );
}
