export type Brand = { id: string; name: string; logo: string | null };
