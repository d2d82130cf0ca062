import * as z from 'zod';
import { tooLong } from './record-fields';

/** An optional phone: empty, or digits with an optional leading + and spaces, brackets or hyphens (as the settings forms accept). */
const PHONE = /^\+?[0-9 ()-]{6,20}$/;

export const optionalPhone = z
  .string()
  .trim()
  .max(20, tooLong(20))
  .refine((value) => value === '' || PHONE.test(value), 'records.phoneInvalid');
