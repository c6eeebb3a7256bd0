import { ArgumentsHost, BadRequestException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import { DomainException } from './domain-exception';
import { GlobalExceptionFilter } from './global-exception.filter';
import { InvalidInputException } from './invalid-input';

function hostFor(res: { status: jest.Mock; json: jest.Mock; set: jest.Mock; headersSent?: boolean }): ArgumentsHost {
  return {
    switchToHttp: () => ({ getResponse: () => res, getRequest: () => ({ method: 'GET', path: '/api/x' }) }),
  } as unknown as ArgumentsHost;
}

function fakeResponse() {
  const res = { status: jest.fn(), json: jest.fn(), set: jest.fn(), headersSent: false };
  res.status.mockReturnValue(res);
  res.set.mockReturnValue(res);
  return res;
}

describe(GlobalExceptionFilter.name, () => {
  const sut = new GlobalExceptionFilter();

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('answers a domain exception with its status and code in the spec envelope', () => {
    const res = fakeResponse();
    sut.catch(new DomainException('CODE_USED', 'This link was already used.', HttpStatus.UNAUTHORIZED), hostFor(res));
    expect(res.status).toHaveBeenCalledWith(401);
    expect(res.json).toHaveBeenCalledWith({ success: false, error: { message: 'This link was already used.', code: 'CODE_USED' } });
  });

  it('keeps validation messages as a list in extra', () => {
    const res = fakeResponse();
    sut.catch(new BadRequestException(['email must be an email', 'name should not be empty']), hostFor(res));
    expect(res.status).toHaveBeenCalledWith(400);
    expect(res.json).toHaveBeenCalledWith({
      success: false,
      error: {
        message: 'email must be an email; name should not be empty',
        code: 'BAD_REQUEST',
        extra: { errors: ['email must be an email', 'name should not be empty'] },
      },
    });
  });

  it('answers invalid input with the bad fields beside the message', () => {
    const res = fakeResponse();
    sut.catch(new InvalidInputException({ 'driver.birthDate': 'Enter a date of birth in the past.' }), hostFor(res));
    expect(res.status).toHaveBeenCalledWith(400);
    expect(res.json).toHaveBeenCalledWith({
      success: false,
      error: { message: 'Enter a date of birth in the past.', code: 'INVALID_INPUT', fields: { 'driver.birthDate': 'Enter a date of birth in the past.' } },
    });
  });

  it('maps an HTTP exception to its status', () => {
    const res = fakeResponse();
    sut.catch(new NotFoundException('No such policy.'), hostFor(res));
    expect(res.status).toHaveBeenCalledWith(404);
    expect(res.json.mock.calls[0][0].error).toEqual({ message: 'No such policy.', code: 'NOT_FOUND' });
  });

  it('sends the headers a domain exception names, such as Retry-After', () => {
    const res = fakeResponse();
    const exception = new DomainException('TOO_MANY_REQUESTS', 'Too many attempts.', HttpStatus.TOO_MANY_REQUESTS);
    exception.headers = { 'Retry-After': '60' };
    sut.catch(exception, hostFor(res));
    expect(res.set).toHaveBeenCalledWith({ 'Retry-After': '60' });
    expect(res.status).toHaveBeenCalledWith(429);
  });

  it('answers anything unexpected with a generic 500 that carries no stack or internal message, and logs it', () => {
    const res = fakeResponse();
    const error = new Error('connection to 10.0.0.5 refused');
    sut.catch(error, hostFor(res));
    expect(res.status).toHaveBeenCalledWith(500);
    const body = JSON.stringify(res.json.mock.calls[0][0]);
    expect(body).not.toContain('10.0.0.5');
    expect(body).not.toContain('at ');
    expect(res.json.mock.calls[0][0]).toEqual({
      success: false,
      error: { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_ERROR' },
    });
    expect(Logger.prototype.error).toHaveBeenCalled();
  });
});
