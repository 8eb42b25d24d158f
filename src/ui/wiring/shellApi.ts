// What the shell calls on src/api, as one module that ./api loads on the first call.
export { getApiConfig } from '../../api/config';
export { getHttpClient } from '../../api/http';
export { account } from '../../api/services/account';
export { auth } from '../../api/services/auth';
export { menus } from '../../api/services/menus';
