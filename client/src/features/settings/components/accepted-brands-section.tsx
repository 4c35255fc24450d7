import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useProfileSettings } from '@/api/get-profile-settings';
import { BrandGrid } from '@/components/preferences/brand-grid';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { useUpdateProfileSettings } from '../api/update-profile-settings';
import { SettingsSection } from './settings-section';

/**
 * A business's 'Brands you accept': the gift cards it can take at its counter (Redeem) besides
 * the brands of its own pins. Only a business has this section.
 */
export function AcceptedBrandsSection() {
  const settings = useProfileSettings();
  if (settings.data?.type !== 'business') return null;
  return <AcceptedBrandsForm saved={settings.data.acceptedBrands} />;
}

function AcceptedBrandsForm({ saved }: { saved: string[] }) {
  const [chosen, setChosen] = useState(saved);
  useEffect(() => setChosen(saved), [saved]);
  const save = useUpdateProfileSettings({
    mutationConfig: {
      onSuccess: () =>
        toast({ title: 'Brands saved', description: 'Your counter accepts these brands.' }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'Failed to save the brands',
          description: errorMessage(error, 'Please try again.'),
        }),
    },
  });
  const changed = [...chosen].sort().join() !== [...saved].sort().join();

  return (
    <SettingsSection
      id="accepted-brands"
      title="Brands you accept"
      description={
        <>
          Gift cards of these brands can be spent at your counter on the{' '}
          <Link href={paths.redeem} className="underline">
            Redeem
          </Link>{' '}
          screen. The brands of your own pins are always accepted.
        </>
      }
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ acceptedBrands: chosen });
        }}
      >
        <BrandGrid
          labelledBy="accepted-brands-heading"
          describedBy={undefined}
          selected={chosen}
          onToggle={(brandId) =>
            setChosen((current) =>
              current.includes(brandId)
                ? current.filter((brand) => brand !== brandId)
                : [...current, brandId],
            )
          }
        />
        <Button type="submit" className="justify-self-start" disabled={save.isPending || !changed}>
          {save.isPending ? 'Saving...' : 'Save Brands'}
        </Button>
      </form>
    </SettingsSection>
  );
}
