import { InvalidInputException } from '../../../common/errors/invalid-input';
import { LICENSE_FORMATS } from '../../../shared/drivers-license-formats';
import {
  policyVehicles,
  type IdentificationInput,
  type IdentificationProblem,
  type IdentificationProblems,
} from '../../../shared/quote/application-identification';
import { vehicleName, type QuoteAnswers } from '../../../shared/quote/quote-model';
import { isUsState } from '../../../shared/us-states';
import { checkVin } from '../../../shared/vin';
import type { Application } from '../../../shared/quote/application-model';

type Context = { input: IdentificationInput; answers: QuoteAnswers; application: Application; index: number };

/** English messages by field kind; the page words them in the visitor's language from the codes. */
const MESSAGES: Record<'vin' | 'state' | 'number' | 'list', Partial<Record<IdentificationProblem, (c: Context) => string>>> = {
  vin: {
    required: () => 'Enter the VIN.',
    vinLength: () => 'A VIN has exactly 17 characters.',
    vinCharacters: () => 'A VIN uses digits and letters other than I, O and Q.',
    vinCheckDigit: () => 'That VIN is not valid: its check digit does not match.',
    vinYear: () => 'That VIN does not give a model year we insure.',
    vinDuplicate: () => 'This VIN is already given for another car.',
    vinMismatch: ({ input, answers, application, index }) => {
      const car = policyVehicles(answers, application)[index];
      const vin = checkVin(input.vehicles[index].vin);
      const forCar = vin.ok ? `${vin.modelYear} ${vin.make ?? 'car'}` : 'another car';
      return `This VIN is for a ${forCar}; you entered a ${vehicleName(car)}. Check the VIN, or change the car.`;
    },
  },
  state: {
    required: () => 'Choose the state that issued the license.',
    invalid: () => 'Choose a US state or DC.',
  },
  number: {
    required: () => "Enter the driver's license number.",
    tooLong: () => 'That license number is too long.',
    // Never the number itself: it is personal data and messages are logged.
    invalid: ({ input, index }) => {
      const state = input.drivers[index].state;
      return isUsState(state)
        ? `That is not how ${state} license numbers are written (for example ${LICENSE_FORMATS[state].example}).`
        : 'That license number is not valid.';
    },
  },
  list: {
    invalid: () => 'Give one entry for each car and each driver of the application, in order.',
  },
};

/** The section's problems as the API's 400: an English message by field, the codes for the page. */
export function identificationRefused(problems: IdentificationProblems, context: Omit<Context, 'index'>): InvalidInputException {
  const fields = Object.fromEntries(
    Object.entries(problems).map(([path, problem]) => {
      const [, index, field] = path.split('.');
      const kind = field === 'vin' || field === 'state' || field === 'number' ? field : 'list';
      const message = MESSAGES[kind][problem]?.({ ...context, index: Number(index) }) ?? 'This answer is not valid.';
      return [path, message];
    }),
  );
  return new InvalidInputException(fields, { problems });
}
