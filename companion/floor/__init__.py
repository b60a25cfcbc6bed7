"""The café floor: every table live in one place, on MQTT.

A table keeps its own SQLite store as the truth. With ``--floor mqtt://HOST:PORT --table NAME``
(or the ``[floor]`` settings) every step also writes an *outbox* row in the step's own
transaction (:mod:`companion.floor.table`); a publisher thread sends the rows to the café's
mosquitto broker at QoS 1 and deletes each only once the broker acknowledged it, so a table
plays on with the Wi-Fi gone and sends everything, once, when it can.

``companion hub`` (:mod:`companion.floor.hub`) subscribes, keeps every event in its own SQLite
store and serves the floor page and its JSON API. ``companion floor-sim``
(:mod:`companion.floor.sim`) runs a whole café on one machine.

Topics, under ``companion/<cafe>/table/<id>/`` (:mod:`companion.floor.topics`): ``status``
(retained ``online``, Last Will ``offline``), ``state`` (retained JSON), ``events`` (every step),
``cmd/<kind>`` (hub to table) and ``ack`` (table to hub).
"""
