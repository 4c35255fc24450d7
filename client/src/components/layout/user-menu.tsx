import { ChevronDown, LogOut, Settings } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { type CurrentUser } from '@shared/schema/users';
import { useLogout } from '@/api/logout';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/lib/paths';

type UserMenuProps = { user: CurrentUser };

/**
 * The signed-in user's menu in the top bar, for both account types and every screen size: their
 * picture (and, where there is room, name and username) opens Settings and Logout.
 */
export function UserMenu({ user }: UserMenuProps) {
  const [, navigate] = useLocation();
  const logout = useLogout({
    mutationConfig: { onSuccess: () => navigate(paths.auth, { replace: true }) },
  });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          aria-label="Account menu"
          className="h-auto min-w-0 gap-2 px-1.5 py-1 sm:px-2"
        >
          <Avatar name={user.name} picture={user.profilePicture} size="sm" decorative eager />
          <span className="hidden min-w-0 text-left text-sm leading-tight sm:block">
            <span className="block max-w-40 truncate font-medium">{user.name}</span>
            <span className="block max-w-40 truncate font-normal text-muted-foreground">
              @{user.username}
            </span>
          </span>
          <ChevronDown aria-hidden="true" className="size-4 text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-semibold">{user.name}</span>
          <span className="truncate text-muted-foreground">@{user.username}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href={paths.settings}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
