import type { MyProgram, RedeemBody } from '@ajar/shared/members/members.schemas';
import { http } from '../../../api/http';
import { queryClient } from '../../../query-client';

export const vouchersApi = {
  /** Redeems a voucher; 'Program Saya' is loaded again to show the new program. */
  redeem: async (body: RedeemBody) => {
    const program = await http.post<MyProgram>('/redeem', body);
    await queryClient.invalidateQueries({ queryKey: ['my-programs'] });
    return program;
  },
};
