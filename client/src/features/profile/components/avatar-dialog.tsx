import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { AvatarFace, type AvatarPerson } from './avatar-face';

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
          <AvatarFace person={person} className="size-60 text-7xl sm:size-72" lazy />
        </div>
      </DialogContent>
    </Dialog>
  );
}
