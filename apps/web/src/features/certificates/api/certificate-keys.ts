export const certificateKeys = {
  redeem: (id: string) => ['certificates', 'redeem', id] as const,
  verify: (number: string) => ['certificates', 'verify', number] as const,
};
