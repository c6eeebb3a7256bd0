import { SetMetadata } from '@nestjs/common';

/*
 * Marks on a handler for the on-behalf checks (src/modules/on-behalf reads them): plain metadata,
 * here in common so that every module, session and mail among them, marks its handlers without
 * importing the on-behalf module above them.
 */

export const MAKES_CREDENTIAL = 'meterly:makes-credential';
export const NOT_CUSTOMER_ACTION = 'meterly:not-customer-action';

/**
 * Marks a handler that makes a new credential (a sign-in link or code, a session, a device
 * token): refused while staff act for a customer, since the credential would outlive the
 * on-behalf session, its audit and the staff member's deactivation (issue 14, finding 3).
 */
export const MakesCredential = (): MethodDecorator & ClassDecorator => SetMetadata(MAKES_CREDENTIAL, true);

/**
 * Marks a handler whose writes are the browser's own, not the customer's (telemetry, the
 * cookie decision of whoever sits at the browser): the on-behalf audit does not record it.
 * Everything else that changes state while acting on behalf is audited by default.
 */
export const NotCustomerAction = (reason: string): MethodDecorator & ClassDecorator => SetMetadata(NOT_CUSTOMER_ACTION, reason);

export const NOT_CUSTOMER_READ = 'meterly:not-customer-read';

/**
 * Marks a read (GET) whose answer is not the customer's personal data (the session's own view,
 * the car catalogue, health, the cookie decision of the browser), or a staff screen that audits
 * what it shows itself: the on-behalf audit does not record it. Every other read made while
 * acting on behalf is recorded (issue 30, item 7); `reason` says why this one is not.
 */
export const NotCustomerRead = (reason: string): MethodDecorator & ClassDecorator => SetMetadata(NOT_CUSTOMER_READ, reason);
