import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Avatar } from '@/components/ui/avatar';
import { type AvatarPerson } from './profile-avatar';

type AvatarDialogProps = {
  person: AvatarPerson;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** The profile picture shown larger. */
export function AvatarDialog({ person, open, onOpenChange }: AvatarDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{person.name}</DialogTitle>
          <DialogDescription>@{person.username}</DialogDescription>
        </DialogHeader>
        <div className="flex justify-center">
          {/* Decorative: the dialog is named after the person. */}
          <Avatar name={person.name} picture={person.profilePicture} size="3xl" decorative />
        </div>
      </DialogContent>
    </Dialog>
  );
}
