/** Where the link in an e-mail-change letter leads: confirms the new sign-in address. */
export function ConfirmEmailPage() {
  return (
    <div className="mx-auto grid w-full max-w-lg grid-cols-1 gap-6">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Confirm your new e-mail</h1>
    </div>
  );
}
