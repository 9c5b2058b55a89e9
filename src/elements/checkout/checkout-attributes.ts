import { property } from 'lit/decorators.js';
import type { AvsMode, Presentation, SaveMethod } from '../../protocol/session.ts';
import { listConverter } from '../shared/converters.ts';
import { GatewayElement } from '../shared/gateway-element.ts';
import type { ChallengeMode } from './challenge-controller.ts';

/**
 * What a page sets on `<gateway-checkout>`: its attributes and properties, apart from how the
 * element runs a payment with them (checkout.ts).
 */
export class CheckoutAttributes extends GatewayElement {
  /** Where the merchant's server answers GET (configuration) and POST (create the order). */
  @property({ attribute: 'session-url' }) sessionUrl?: string;
  /** api_do_url of an order the merchant created beforehand (with `status-url`). */
  @property({ attribute: 'api-do-url' }) apiDoUrl?: string;
  /**
   * The gateway origins card data may be sent to (`https://gw.example`, space-separated). Empty:
   * any https origin (or loopback, for the sandbox) other than the page's own.
   */
  @property({ attribute: 'gateway-origins', converter: listConverter }) gatewayOrigins: string[] = [];
  /** Where the merchant's server answers the status of that order. */
  @property({ attribute: 'status-url' }) statusUrl?: string;
  /** Mail or telephone order: no security code, and "New payment" after each result. */
  @property({ type: Boolean, reflect: true }) moto = false;
  /**
   * `off`: the card fields never move focus on by themselves (the merchant server's configuration
   * can say the same: `auto_advance: false`). By default a complete field moves on, which is said once.
   */
  @property({ attribute: 'auto-advance' }) autoAdvance: 'on' | 'off' = 'on';
  /**
   * Ask for the cardholder's name. `require-name="false"` leaves the field out (the gateway then
   * authorizes without one); without the attribute the merchant server's `require_name` decides,
   * and the name is asked for when it says nothing.
   */
  @property({ attribute: 'require-name', converter: { fromAttribute: (v: string | null) => v !== 'false' } })
  requireName?: boolean;
  /**
   * Whether to hold the e-mail field's place before the merchant server answers, as an image's
   * width and height hold its place: by default it is held (the field then takes input at once);
   * `collect-email="false"` on a checkout whose server sets `collect_email: false` keeps it out from
   * the first paint. The server's answer decides what is asked.
   */
  @property({ attribute: 'collect-email', converter: { fromAttribute: (v: string | null) => v !== 'false' } })
  collectEmail?: boolean;
  /** off, standard or custom address verification. Defaults to what the merchant's server says. */
  @property({ reflect: true }) avs?: AvsMode;
  /** one-click, automatic, recurring (with customer consent) or merchant (saved_by_merchant). */
  @property({ attribute: 'save-method', reflect: true }) saveMethod?: SaveMethod;
  /** direct (card fields here), iframe (the gateway's hosted form) or redirect (its full page). */
  @property({ reflect: true }) presentation: Presentation = 'direct';
  /**
   * How 3-D Secure is shown: modal (a dialog over the page), redirect (the whole page goes), or
   * parent (a hosted form framed by another checkout: that checkout shows it over its whole page).
   */
  @property({ attribute: 'three-ds', reflect: true }) threeDs: ChallengeMode = 'modal';
  /** Amount for a pre-created order, when its status URL does not tell. */
  @property({ type: Number }) amount?: number;
  /** Currency for a pre-created order. */
  @property() currency?: string;
  /** Accepted brands as credit-card-type ids (`visa mastercard`); empty accepts all. */
  @property({ attribute: 'accepted-brands', converter: listConverter }) acceptedBrands: string[] = [];
  /**
   * Isolated card fields: the origin serving the fields page (`createFieldsHandler`). The card is
   * then typed in a frame from that origin and sent from there, out of reach of this page's scripts.
   */
  @property({ attribute: 'fields-origin' }) fieldsOrigin?: string;
}
