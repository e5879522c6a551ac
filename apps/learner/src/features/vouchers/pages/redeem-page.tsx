import { useNavigate } from 'react-router';
import { memberMessages } from '@ajar/shared/members/members.constants';
import { redeemBodySchema } from '@ajar/shared/members/members.schemas';
import { Card } from '../../../components/card';
import { Page } from '../../../components/page';
import { TextField } from '../../../components/text-field';
import { Form } from '../../../components/form';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { check } from '../../../lib/form';
import { routePaths } from '../../../routes/paths';
import { vouchersApi } from '../api/vouchers-api';

/**
 * 'Tukar Voucher': the voucher code from the training provider, the participant's own redeem
 * code (PMO) and an optional referral code. Every refusal of the server shows here: under its
 * field (unknown or used voucher, unknown referral) or above the form (too many tries).
 */
export function RedeemPage() {
  const navigate = useNavigate();
  const form = useFormSubmit({
    validate: (values) => check(redeemBodySchema, values),
    action: vouchersApi.redeem,
    onDone: (program) =>
      navigate(routePaths['program-saya'], {
        state: { flash: `${memberMessages.redeemed}: ${program.program.title}` },
      }),
  });

  return (
    <Page title="Tukar Voucher">
      <Card className="stack">
        <p className="muted">
          Masukkan kode voucher dari penyelenggara pelatihan dan kode redeem Anda untuk membuka
          programnya.
        </p>
        <Form state={form} submitLabel="Tukar Voucher">
          <TextField
            label="Kode voucher"
            name="license"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            error={form.errors.license}
          />
          <TextField
            label="Kode redeem"
            name="pmo_code"
            autoComplete="off"
            spellCheck={false}
            hint="Kode redeem dari platform tempat Anda membeli pelatihan (misalnya Prakerja)"
            error={form.errors.pmo_code}
          />
          <TextField
            label="Kode referral (opsional)"
            name="referral_code"
            autoComplete="off"
            spellCheck={false}
            error={form.errors.referral_code}
          />
        </Form>
      </Card>
    </Page>
  );
}
