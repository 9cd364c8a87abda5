//! J'achète's par: the first replay mark is where its par game parted
//! from the person's (on a deal where the `normal` bot and the expert part).

use tablee_engine::Seed;

use crate::app::config::TableConfig;
use crate::app::par::tests::first_mark_is_where_par_parted;

use super::super::Jachete;

#[test]
fn the_first_replay_mark_is_where_par_parted_jachete() {
    first_mark_is_where_par_parted(TableConfig::<Jachete>::new(Seed::from_number(3), 4), 0);
}
