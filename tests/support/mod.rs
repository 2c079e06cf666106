pub mod ledger;
pub mod random_orders;
pub mod scenario;
